import type { SandboxModule } from '../module';
import { transfersModule } from './transfers';
import { beneficiariesModule } from './beneficiaries';
import { bankAccountsModule } from './bankAccounts';
import { organizationModule } from './organization';

/** Every module the sandbox serves, in registration order. Add a resource here. */
export const modules: SandboxModule[] = [organizationModule, bankAccountsModule, beneficiariesModule, transfersModule];
