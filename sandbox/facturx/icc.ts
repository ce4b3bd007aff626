/**
 * A small ICC v2 display profile (RGB → XYZ, sRGB primaries adapted to D50, gamma 2.2 curves),
 * built in code because no ICC file ships with the project's packages. It backs the PDF/A
 * OutputIntent of the Factur-X PDF.
 */

const D50 = [0.9642, 1.0, 0.8249];
// sRGB primaries, Bradford-adapted to D50 (IEC 61966-2-1 colorant tags).
const PRIMARIES = {
	rXYZ: [0.4361, 0.2225, 0.0139],
	gXYZ: [0.3851, 0.7169, 0.0971],
	bXYZ: [0.1431, 0.0606, 0.7141],
};
export const ICC_DESCRIPTION = 'sRGB IEC61966-2.1 (gamma 2.2 approximation)';

const ascii = (text: string) => Buffer.from(text, 'latin1');
const u32 = (value: number) => {
	const b = Buffer.alloc(4);
	b.writeUInt32BE(value >>> 0);
	return b;
};
const s15f16 = (value: number) => {
	const b = Buffer.alloc(4);
	b.writeInt32BE(Math.round(value * 65536));
	return b;
};
const pad4 = (b: Buffer) => Buffer.concat([b, Buffer.alloc((4 - (b.length % 4)) % 4)]);

const xyzTag = (xyz: number[]) => Buffer.concat([ascii('XYZ '), u32(0), ...xyz.map(s15f16)]);
const curveTag = (gamma: number) => Buffer.concat([ascii('curv'), u32(0), u32(1), Buffer.from([Math.floor(gamma), Math.round((gamma % 1) * 256)])]);
const textTag = (text: string) => Buffer.concat([ascii('text'), u32(0), ascii(text), Buffer.from([0])]);
/** textDescriptionType: ASCII part, then empty Unicode and ScriptCode parts (67-byte filler). */
const descTag = (text: string) =>
	Buffer.concat([ascii('desc'), u32(0), u32(text.length + 1), ascii(text), Buffer.from([0]), u32(0), u32(0), Buffer.alloc(2), Buffer.alloc(1), Buffer.alloc(67)]);

export function buildSrgbIccProfile(): Uint8Array {
	const curve = pad4(curveTag(2.2));
	const tags: Array<[string, Buffer]> = [
		['desc', pad4(descTag(ICC_DESCRIPTION))],
		['cprt', pad4(textTag('No copyright, use freely'))],
		['wtpt', xyzTag(D50)],
		['rXYZ', xyzTag(PRIMARIES.rXYZ)],
		['gXYZ', xyzTag(PRIMARIES.gXYZ)],
		['bXYZ', xyzTag(PRIMARIES.bXYZ)],
	];
	const tableSize = 4 + 12 * (tags.length + 3);
	let offset = 128 + tableSize;
	const entries: Buffer[] = [];
	const data: Buffer[] = [];
	for (const [signature, body] of tags) {
		entries.push(Buffer.concat([ascii(signature), u32(offset), u32(body.length)]));
		data.push(body);
		offset += body.length;
	}
	// The three tone curves share one tag body (allowed by ICC).
	for (const signature of ['rTRC', 'gTRC', 'bTRC']) entries.push(Buffer.concat([ascii(signature), u32(offset), u32(14)]));
	data.push(curve);
	offset += curve.length;

	const header = Buffer.alloc(128);
	header.writeUInt32BE(offset, 0);
	header.writeUInt32BE(0x02100000, 8);
	ascii('mntr').copy(header, 12);
	ascii('RGB ').copy(header, 16);
	ascii('XYZ ').copy(header, 20);
	[2026, 1, 1, 0, 0, 0].forEach((value, index) => header.writeUInt16BE(value, 24 + index * 2));
	ascii('acsp').copy(header, 36);
	D50.forEach((value, index) => s15f16(value).copy(header, 68 + index * 4));
	return new Uint8Array(Buffer.concat([header, u32(tags.length + 3), ...entries, ...data]));
}
