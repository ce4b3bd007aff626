/**
 * Captures what n8n logs while tests run: n8n-core's engine logs through `LoggerProxy`, nodes and
 * n8n-core's helpers through the `Logger` service of its DI container (`this.logger`). Both are
 * pointed at one recorder that keeps every level (debug included) with its metadata, serialised
 * at the time of the call like a log file would hold it.
 *
 *   const logs = captureN8nLogs();   // in beforeAll
 *   …run workflows…
 *   logs.lines                        // [{ level, message, metadata }]
 *   logs.stop();                      // in afterAll: the previous logger is back
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { LoggerProxy, type LogMetadata } from 'n8n-workflow';

import { serialiseForScan } from './secretScanner';

export interface CapturedLine {
	level: 'error' | 'warn' | 'info' | 'debug';
	message: string;
	/** The metadata as JSON, every own property of errors included. */
	metadata: string;
}

export interface LogCapture {
	readonly lines: CapturedLine[];
	stop(): void;
}

export function captureN8nLogs(): LogCapture {
	const previous = Container.get(Logger);
	const lines: CapturedLine[] = [];
	const record = (level: CapturedLine['level']) => (message: string, metadata: LogMetadata = {}) => {
		lines.push({ level, message: String(message), metadata: serialiseForScan(metadata) });
	};
	const recorder = {
		error: record('error'),
		warn: record('warn'),
		info: record('info'),
		debug: record('debug'),
		scoped: () => recorder,
	};
	Container.set(Logger, recorder as unknown as Logger);
	LoggerProxy.init(recorder);
	return {
		lines,
		stop() {
			Container.set(Logger, previous);
			LoggerProxy.init(previous);
		},
	};
}
