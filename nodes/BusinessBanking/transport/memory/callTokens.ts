import { callToken } from './names';

/**
 * The tokens of one run's calls (ledger.ts): each call's own, looked for at the next call. A token
 * seen has done its work, and so have those of earlier calls recorded again after theirs was written
 * over: they go with the run's next forget (the last call's at the run's end).
 */
export class CallTokens {
	private readonly run = Math.random().toString(36).slice(2, 10);
	private calls = 0;
	private recordedAgain: string[] = [];

	next(): string {
		return callToken(this.run, ++this.calls);
	}

	/** `token` was seen at the next call: it and those recorded again before it, to take out. */
	seen(token: string): string[] {
		return [token, ...this.recordedAgain.splice(0)];
	}

	/** `token` was not seen (its call was written over): the next call records it again; it goes once a later one is seen. */
	writtenOver(token: string): void {
		this.recordedAgain.push(token);
	}
}
