import type { SandboxContext } from './context';

/**
 * A getter for state that each sandbox owns: `create` makes it on the first call for a context (and
 * registers its reset hooks there if it has any); later calls get the same object.
 */
export function perSandbox<T>(create: (ctx: SandboxContext) => T): (ctx: SandboxContext) => T {
	const states = new WeakMap<SandboxContext, T>();
	return (ctx) => {
		let state = states.get(ctx);
		if (state === undefined) {
			state = create(ctx);
			states.set(ctx, state);
		}
		return state;
	};
}
