// ESLint for src/ (make lint): typescript-eslint with type information, the rules that catch real bugs in
// this code base. Formatting is prettier's job (make format), not ESLint's.
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["lua/**", "node_modules/**", ".deps/**", "spec/**", "bench/**", "e2e/**", "tools/**", "types/**"] },
  {
    files: ["src/**/*.ts"],
    extends: [tseslint.configs.base],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "no-duplicate-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-unsafe-argument": "error",
      "@typescript-eslint/no-unsafe-assignment": "error",
      "@typescript-eslint/no-unsafe-call": "error",
      "@typescript-eslint/no-unsafe-member-access": "error",
      "@typescript-eslint/no-unsafe-return": "error",
      "@typescript-eslint/no-explicit-any": "error",
      // Off: in this code base it reports what TypeScript cannot see, not dead code. Flags set inside callbacks
      // and coroutines (`let done = false; ... vim.wait(..., () => done)`) stay narrowed to their first value,
      // and lua-types / our vim typings declare values Lua returns as nil (table lookups, string.find,
      // vim.b[...]) as always present. Of 81 findings on this tree none was a real bug.
      "@typescript-eslint/no-unnecessary-condition": "off",
      // `typeof import("ffi")` stays allowed: ffi is a LuaJIT module (noResolvePaths), imported for its type only.
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
    },
  },
);
