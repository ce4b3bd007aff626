import { randomUUID, timingSafeEqual } from 'crypto';

import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PDFDocument } from 'pdf-lib';

import { UPLOAD_MAX_BYTES } from '../../../nodes/shared/schemas/invoice';
import type { SandboxContext } from '../../core/context';
import { ApiError } from '../../core/errors';
import { organizationId } from '../../core/guard';
import { renderDuePdf } from './documents';
import { fileUrl, signFile } from './present';
import { originOf } from './routes';
import type { InvoiceState } from './state';

/** How long an attachment's pre-signed URL works (sandbox clock). */
export const FILE_URL_TTL_SECONDS = 30 * 60;

/**
 * Files: GET /v2/attachments/{id} (pre-signed URL), the signed download itself
 * (/sandbox-files/{id}, no bearer token, like a storage bucket link), and
 * POST /v2/client_invoices/uploads (multipart, one `file` part, PDF, at most 15 MB).
 */
export async function registerFileRoutes(app: FastifyInstance, ctx: SandboxContext, state: InvoiceState): Promise<void> {
	app.get<{ Params: { id: string } }>('/v2/attachments/:id', { config: { scope: 'attachments.read' } }, async (request) => {
		await renderDuePdf(state, request.params.id);
		const attachment = state.attachments.get(organizationId(request), request.params.id);
		if (!attachment) throw ApiError.notFound('Attachment');
		const expires = Math.floor(ctx.clock.nowMs() / 1000) + FILE_URL_TTL_SECONDS;
		return {
			attachment: {
				id: attachment.id,
				url: fileUrl(state, originOf(request), attachment.id, expires),
				updated_at: attachment.updated_at,
				file_name: attachment.file_name,
				file_size: attachment.file_size,
				content_type: attachment.content_type,
			},
		};
	});

	app.get<{ Params: { id: string }; Querystring: { expires?: string; signature?: string } }>('/sandbox-files/:id', async (request, reply) => {
		const { expires, signature } = request.query;
		const expiresAt = expires === undefined ? undefined : Number(expires);
		const expected = Buffer.from(signFile(state, request.params.id, expiresAt));
		const given = Buffer.from(signature ?? '');
		if (expiresAt !== undefined && !Number.isInteger(expiresAt)) throw ApiError.single(403, 'invalid_signature', 'The file link is malformed');
		if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw ApiError.single(403, 'invalid_signature', 'The file link signature is invalid');
		if (expiresAt !== undefined && expiresAt * 1000 < ctx.clock.nowMs()) throw ApiError.single(403, 'expired', 'The file link has expired; get the attachment again for a fresh one');
		await renderDuePdf(state, request.params.id);
		const found = state.attachments.find(request.params.id);
		if (!found) throw ApiError.notFound('File');
		const file = found.row;
		return reply
			.header('Content-Type', file.content_type)
			.header('Content-Disposition', `inline; filename="${file.file_name}"`)
			.header('Last-Modified', new Date(file.updated_at).toUTCString())
			.send(Buffer.from(file.bytes));
	});

	await app.register(async (scoped) => {
		await scoped.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 } });
		scoped.post('/v2/client_invoices/uploads', { config: { scope: 'client_invoices.write' } }, async (request, reply) => {
			if (!request.isMultipart()) throw ApiError.single(400, 'bad_request', 'Send the file as multipart/form-data with one part named file');
			const { part, bytes } = await readFilePart(request);
			if (part.mimetype !== 'application/pdf' || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
				throw ApiError.validation('/upload/file', 'Only PDF files (application/pdf) can be uploaded', 'invalid_type');
			}
			// pdf-lib is lenient: a header followed by garbage loads as an empty document, hence the page count.
			let pages = 0;
			try {
				pages = (await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })).getPageCount();
			} catch {
				pages = 0;
			}
			if (pages === 0) throw ApiError.validation('/upload/file', 'The file is not a readable PDF with at least one page', 'invalid_type');
			const upload = {
				id: randomUUID(),
				file_name: part.filename || 'upload.pdf',
				file_size: bytes.length,
				content_type: 'application/pdf',
				created_at: ctx.clock.now().toISOString(),
			};
			state.uploads.insert(organizationId(request), { ...upload, bytes: new Uint8Array(bytes) });
			return reply.code(201).send({ upload });
		});
	});
}

/**
 * The one `file` part and its bytes. The multipart parser throws plain errors on a body it cannot
 * read (no boundary, cut short, broken part headers): those are the client's fault, so a 400 with
 * the API's error body, not a 500.
 */
async function readFilePart(request: FastifyRequest): Promise<{ part: MultipartFile; bytes: Buffer }> {
	try {
		const part = await request.file();
		if (!part || part.fieldname !== 'file') throw ApiError.validation('/upload/file', 'One file part named file is required', 'blank');
		return { part, bytes: await part.toBuffer() };
	} catch (error) {
		if (error instanceof ApiError) throw error;
		const { code, statusCode } = error as { code?: string; statusCode?: number };
		if (code === 'FST_REQ_FILE_TOO_LARGE') {
			throw ApiError.validation('/upload/file', `The file exceeds ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`, 'too_large');
		}
		// The plugin's own refusals (too many parts or fields) keep their 4xx.
		if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) throw error;
		throw ApiError.single(400, 'malformed_multipart', `The multipart body could not be read: ${(error as Error).message}`);
	}
}
