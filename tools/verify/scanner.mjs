// n8n's package scanner's module, imported so that the temporary folder it makes on import is removed
// when the process exits (the scanner leaves it behind otherwise).
import tmp from 'tmp';

tmp.setGracefulCleanup();
export const { analyzePackage, buildScanConfig, SOURCE_FILE_PATTERNS } = await import('@n8n/scan-community-package/scanner/scanner.mjs');
