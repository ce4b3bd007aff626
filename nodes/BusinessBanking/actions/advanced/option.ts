/*
 * The developer's switches' places moved to transport/developerSwitches.ts (transport reads them too).
 * Kept only for transport/memory/ (being rebuilt, issue 42), which still imports them from here;
 * delete this file with that reach (test/layers.test.ts lists it as a known exception).
 */
export { advancedOption, advancedOptionLabel, advancedOptionPath } from '../../transport/developerSwitches';
