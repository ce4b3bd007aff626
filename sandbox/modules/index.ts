import type { SandboxModule } from '../module';
import { bankAccountsModule } from './bankAccounts';
import { beneficiariesModule } from './beneficiaries';
import { clientsModule } from './clients';
import { controlsModule } from './controls';
import { faultsModule } from './faults';
import { oauthModule } from './oauth';
import { internationalModule } from './international';
import { invoicesModule } from './invoices';
import { organizationModule } from './organization';
import { rateLimitModule } from './rateLimit';
import { requestLogModule } from './requestLog';
import { transfersModule } from './transfers';
import { webhooksModule } from './webhooks';
import { sepaModule } from './sepa';
import { supplierInvoicesModule } from './supplierInvoices';
import { cardsModule } from './cards';
import { insuranceModule } from './insurance';

/** Every module the sandbox serves, in registration order. Add a resource here. */
// The request log, faults and rate limit come first: their onRequest hooks see every request.
export const modules: SandboxModule[] = [requestLogModule, faultsModule, rateLimitModule, oauthModule, clientsModule, controlsModule, organizationModule, webhooksModule, bankAccountsModule, beneficiariesModule, transfersModule, internationalModule, invoicesModule, sepaModule, supplierInvoicesModule, cardsModule, insuranceModule];
