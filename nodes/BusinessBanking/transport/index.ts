/** The only code in the package that talks HTTP. */
export { apiRequest } from './request';
export { CREDENTIAL_TYPE, type ApiContext, type ApiRequestOptions, type MultipartFile } from './types';
export { apiRequestAllItems, MAX_PER_PAGE } from './pagination';
export { idempotencyKeyFor, idempotencyKeyField, resolveIdempotencyKey, writeKey } from './idempotency';
export { partnerWebhookSecret } from './run';
export { makeOnce, RESEND_WITHIN_MINUTES, RunStopped, type MadeOnceWrite } from './memory/madeOnce';
export { finishWrites } from './memory/runWrites';
export { memoryFields } from './memory/settings';
