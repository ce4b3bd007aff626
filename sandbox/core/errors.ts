import type { FastifyReply } from 'fastify';
import type { ZodError } from 'zod/v3';

/** One entry of the error body documented in docs/assumptions.md. */
export interface ApiErrorEntry {
	code: string;
	detail: string;
	source?: { pointer: string };
}

/** An API error that the server's error handler turns into `{"errors":[…]}` with its status. */
export class ApiError extends Error {
	constructor(
		readonly statusCode: number,
		readonly errors: ApiErrorEntry[],
	) {
		super(errors.map((e) => e.detail).join('; '));
	}

	static single(statusCode: number, code: string, detail: string, pointer?: string): ApiError {
		return new ApiError(statusCode, [{ code, detail, ...(pointer ? { source: { pointer } } : {}) }]);
	}

	static notFound(what: string): ApiError {
		return ApiError.single(404, 'not_found', `${what} not found`);
	}

	/** 422 naming the field by JSON pointer, e.g. `/client/name`. */
	static validation(pointer: string, detail: string, code = 'invalid'): ApiError {
		return ApiError.single(422, code, detail, pointer);
	}

	/** Every zod issue becomes one entry; the pointer is rooted at `root` (e.g. `/client`). */
	static fromZod(error: ZodError, root: string): ApiError {
		return new ApiError(
			422,
			error.issues.map((issue) => ({
				code: issue.code,
				detail: `${issue.path.join('.') || root.slice(1)}: ${issue.message}`,
				source: { pointer: [root, ...issue.path].join('/') },
			})),
		);
	}
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
	return reply.code(error.statusCode).send({ errors: error.errors });
}

/** OAuth endpoints answer with RFC 6749 error bodies, not the API's. */
export class OAuthError extends Error {
	constructor(
		readonly statusCode: number,
		readonly error: string,
		readonly description: string,
	) {
		super(description);
	}
}
