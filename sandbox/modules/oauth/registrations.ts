import { SEED } from '../../core/seed';

/**
 * registration_id values of the onboarding flow: each preselects one seeded organization. Fixed so
 * that tests and docs can name them.
 */
export const SANDBOX_REGISTRATION_IDS = {
	fr: 'a9e0c0de-0000-4000-8000-000000000001',
	it: 'a9e0c0de-0000-4000-8000-000000000002',
	es: 'a9e0c0de-0000-4000-8000-000000000003',
	de: 'a9e0c0de-0000-4000-8000-000000000004',
} as const;

const organizationByRegistration = new Map<string, string>(
	(Object.keys(SANDBOX_REGISTRATION_IDS) as Array<keyof typeof SANDBOX_REGISTRATION_IDS>).map((key) => [
		SANDBOX_REGISTRATION_IDS[key],
		SEED.organizations[key],
	]),
);

export function organizationForRegistration(registrationId: string): string | undefined {
	return organizationByRegistration.get(registrationId);
}
