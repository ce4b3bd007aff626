// The parameter readers moved to ../common/parameters.ts; test/node/direct-debit.test.ts still imports toDay from here.
export { toDay } from '../common/parameters';
