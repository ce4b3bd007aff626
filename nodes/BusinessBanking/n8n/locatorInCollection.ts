/*
 * Assumption: a resource locator inside a collection (Get Many's client filter, Update Fields' client
 * and IBAN) reaches the node as the whole stored locator, `{ __rl, mode, value }`, its expressions
 * resolved: n8n extracts the value only of a top-level locator read with `extractValue`. n8n's own
 * Google Drive (Search › Filter › Drive, Folder) relies on the same. Guarded by
 * test/n8n/locatorInCollection.test.ts on every n8n of the matrix (1.123, 2.40, 2.41).
 */
import type { IDataObject } from 'n8n-workflow';

/** The value of a locator stored inside a collection, or a plain value (a version-1 text field) as it is. */
export function pickedValue(value: unknown): unknown {
	return typeof value === 'object' && value !== null && 'value' in value ? (value as IDataObject).value : value;
}
