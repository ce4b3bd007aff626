// Before `npm run dev` starts anything: are its fixed ports free? A port another process holds is
// named with that process (read from /proc, Linux), so nothing here ever talks to a server it did
// not start.
import { readdirSync, readFileSync, readlinkSync } from 'fs';
import { createServer } from 'net';

export interface WantedPort {
	port: number;
	/** What this port is for, and the variable that moves it (e.g. `n8n (DEV_N8N_PORT)`). */
	purpose: string;
}

export interface TakenPort extends WantedPort {
	/** `pid 1234: node sandbox/main.ts`, when /proc tells; undefined otherwise. */
	holder?: string;
}

/** Whether binding the port on every address works right now (listening only: nothing is sent to a holder). */
export async function canListen(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const server = createServer();
		server.once('error', () => resolve(false));
		server.listen({ port, exclusive: true }, () => server.close(() => resolve(true)));
	});
}

/** Socket inodes listening on `port`, from /proc/net/tcp and tcp6 (state 0A = LISTEN). */
function listeningInodes(port: number): Set<string> {
	const inodes = new Set<string>();
	for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
		let text: string;
		try {
			text = readFileSync(table, 'utf8');
		} catch {
			continue;
		}
		for (const line of text.split('\n').slice(1)) {
			const fields = line.trim().split(/\s+/);
			if (fields.length < 10 || fields[3] !== '0A') continue;
			if (parseInt(fields[1].split(':')[1], 16) === port) inodes.add(fields[9]);
		}
	}
	return inodes;
}

/** The process that holds a listening socket on `port`, as `pid N: command line`, when /proc shows it. */
export function portHolder(port: number): string | undefined {
	const inodes = listeningInodes(port);
	if (inodes.size === 0) return undefined;
	let pids: string[];
	try {
		pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
	} catch {
		return undefined;
	}
	for (const pid of pids) {
		let fds: string[];
		try {
			fds = readdirSync(`/proc/${pid}/fd`);
		} catch {
			continue;
		}
		for (const fd of fds) {
			let target: string;
			try {
				target = readlinkSync(`/proc/${pid}/fd/${fd}`);
			} catch {
				continue;
			}
			const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
			if (inode && inodes.has(inode)) {
				const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
				return `pid ${pid}: ${command.length > 160 ? `${command.slice(0, 157)}...` : command}`;
			}
		}
	}
	return undefined;
}

/** The wanted ports that are taken, each with its holder where it can tell. */
export async function takenPorts(wanted: WantedPort[]): Promise<TakenPort[]> {
	const taken: TakenPort[] = [];
	for (const entry of wanted) {
		if (!(await canListen(entry.port))) taken.push({ ...entry, holder: portHolder(entry.port) });
	}
	return taken;
}

/** Free ports at or above each wanted one (never one in `avoid` or already suggested), to name in a message. */
export async function suggestFreePorts(wanted: WantedPort[], avoid: number[]): Promise<number[]> {
	const used = new Set(avoid);
	const suggested: number[] = [];
	for (const { port } of wanted) {
		let candidate = port + 1;
		while (used.has(candidate) || !(await canListen(candidate))) candidate += 1;
		used.add(candidate);
		suggested.push(candidate);
	}
	return suggested;
}
