// Copies node and credential icons next to the compiled files, where n8n looks for them.
const { src, dest } = require('gulp');

function buildIcons() {
	src('icons/*.{png,svg}').pipe(dest('dist/icons'));
	src('nodes/**/*.{png,svg}').pipe(dest('dist/nodes'));
	return src('credentials/**/*.{png,svg}').pipe(dest('dist/credentials'));
}

exports['build:icons'] = buildIcons;
