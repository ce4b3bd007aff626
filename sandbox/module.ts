import type { FastifyInstance } from 'fastify';

import type { SandboxContext } from './core/context';

/** One resource (or concern) of the sandbox: its routes, its state and its reset/seed hooks. */
export interface SandboxModule {
	name: string;
	register(app: FastifyInstance, ctx: SandboxContext): void | Promise<void>;
}
