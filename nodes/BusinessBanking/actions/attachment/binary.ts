/** n8n's prepareBinaryData takes a Buffer; wrap bytes without copying them. */
export function toBuffer(bytes: Uint8Array): Buffer {
	return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
