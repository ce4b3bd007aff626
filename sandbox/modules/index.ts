import type { SandboxModule } from '../module';
import { bankAccountsModule } from './bankAccounts';
import { beneficiariesModule } from './beneficiaries';
import { organizationModule } from './organization';
import { transfersModule } from './transfers';
import { webhooksModule } from './webhooks';

/** Every module the sandbox serves, in registration order. Add a resource here. */
export const modules: SandboxModule[] = [organizationModule, webhooksModule, bankAccountsModule, beneficiariesModule, transfersModule];
