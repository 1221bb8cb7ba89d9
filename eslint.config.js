// ESLint for every workspace, type-aware: each file is checked against the tsconfig.json nearest to it
// (projectService), so the server, the SDKs, the portal and the examples keep their own compiler settings.
// Formatting is Prettier's alone (eslint-config-prettier comes last and turns off every rule it owns).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  globalIgnores(["**/node_modules/", "**/dist/", "generated/", "coverage/", "bench/results/", "test-output/"]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      // A caught or aborted reason is passed on as it came: wrapping it would change what the caller sees.
      "@typescript-eslint/prefer-promise-reject-errors": ["error", { allowThrowingAny: true, allowThrowingUnknown: true }],
      // An `async` method that implements a Promise-returning interface without awaiting keeps its throws inside the promise.
      "@typescript-eslint/require-await": "off",
      // `_`-prefixed names are kept on purpose (a parameter a signature needs, a rest sibling that drops a key).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests and benchmarks read JSON answers and frames off the wire as `any` (test/helpers/http.ts, ws.ts) and check them with expect.
    files: ["**/*.test.ts", "test/**", "bench/**", "sdk-*/test/**", "examples/*/test/**", "portal/test/**"],
    rules: {
      "@typescript-eslint/no-base-to-string": "off",
      "@typescript-eslint/no-explicit-any": "off",
      // Rows read straight from the database are cast to their shape; the rule would have each query spell it as a type argument.
      "@typescript-eslint/no-unnecessary-type-assertion": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    // Production code: a function over 60 lines is split into named steps, or says in one line why not.
    files: ["server/src/**/*.ts", "sdk-bot/src/**/*.ts", "sdk-client/src/**/*.ts", "api-error/**/*.ts", "command-rules/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "max-lines-per-function": ["error", { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  {
    // A benchmark's servers and signal handlers are async callbacks whose failure should end the run, unhandled.
    files: ["bench/**"],
    rules: { "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }] },
  },
  {
    // portal/tsconfig.json covers the app; its tests are type-checked by tsconfig.test.json, which projectService
    // does not find on its own (it only looks for files named tsconfig.json).
    files: ["portal/test/**/*.ts"],
    languageOptions: { parserOptions: { projectService: false, project: "portal/tsconfig.test.json" } },
  },
  {
    files: ["portal/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: globals.browser },
    // The two classic hook rules; the plugin's other recommended rules check code for the React Compiler, which the portal does not use.
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // Plain JavaScript (build and bench scripts) has no types to check: the type-aware rules would only report `any`.
    files: ["**/*.{js,mjs,cjs}"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  prettier,
);
