import type { SandboxModule } from '../module';
import { organizationModule } from './organization';

/** Every module the sandbox serves, in registration order. Add a resource here. */
export const modules: SandboxModule[] = [organizationModule];
