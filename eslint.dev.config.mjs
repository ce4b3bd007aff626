// Lint for the dev-only parts (sandbox, tests, tools, bench): standard TypeScript rules.
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', 'test/fixtures/**'] },
	{
		files: ['**/*.ts'],
		extends: [eslint.configs.recommended, tseslint.configs.recommended],
		rules: {
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
		},
	},
	{
		files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
		extends: [eslint.configs.recommended],
		languageOptions: { globals: { require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly', __dirname: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly', exports: 'writable', URL: 'readonly', fetch: 'readonly' } },
	},
);
