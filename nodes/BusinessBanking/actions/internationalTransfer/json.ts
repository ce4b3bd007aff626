import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readJsonObject } from '../common/values';

/** A JSON-object parameter (text or already an object); {} when empty; refused naming the field otherwise. */
export function jsonObjectParameter(this: IExecuteFunctions, value: unknown, label: string, name: string): IDataObject {
	return readJsonObject(value, `${label} (${name})`) as IDataObject;
}
