// Build steps after tsc: icons next to the compiled files (where n8n looks for them), and no empty
// modules in the package (tsc emits a file for a type-only module; nothing ever loads it).
const { readdirSync, readFileSync, unlinkSync } = require('fs');
const { join } = require('path');
const { src, dest, series } = require('gulp');

function buildIcons() {
	src('icons/*.{png,svg}').pipe(dest('dist/icons'));
	src('nodes/**/*.{png,svg}').pipe(dest('dist/nodes'));
	return src('credentials/**/*.{png,svg}').pipe(dest('dist/credentials'));
}

const COMMONJS_PREAMBLE = /^"use strict";\s*Object\.defineProperty\(exports, "__esModule", \{ value: true \}\);\s*$/;
// tsc keeps a type-only module's leading doc comment; it does not make the module anything to load.
const withoutComments = (code) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

async function pruneTypeOnlyModules() {
	for (const file of readdirSync('dist', { recursive: true, encoding: 'utf8' })) {
		const path = join('dist', file);
		if (path.endsWith('.js') && COMMONJS_PREAMBLE.test(withoutComments(readFileSync(path, 'utf8')))) unlinkSync(path);
	}
}

exports['build:icons'] = buildIcons;
exports['build:prune'] = pruneTypeOnlyModules;
exports['build:after-tsc'] = series(pruneTypeOnlyModules, buildIcons);
