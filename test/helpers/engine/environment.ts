// What n8n-core reads from the environment, set before any harness module loads it.
import { mkdirSync } from 'fs';
import { tmpdir, userInfo } from 'os';
import { join } from 'path';

// n8n-core keeps its instance settings (encryption key) under N8N_USER_FOLDER, ~/.n8n otherwise:
// one folder in the temp dir, shared by every test run of this user, keeps the home folder clean.
if (!process.env.N8N_USER_FOLDER) {
	process.env.N8N_USER_FOLDER = join(tmpdir(), `n8n-engine-harness-${userInfo().uid}`);
	mkdirSync(process.env.N8N_USER_FOLDER, { recursive: true });
}

// The engine logs every node error it hands back; tests assert those errors, so keep the log quiet.
process.env.N8N_LOG_LEVEL ??= 'silent';
