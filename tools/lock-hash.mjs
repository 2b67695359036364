// The sha256 of what package-lock.json installs: the lock file without the project's own version (its top-level
// `version` and packages[""].version), so that `make release` bumping that version is not taken for other packages.
// node_modules/.installed-packages holds it (package.json's postinstall runs this with --write, which also writes
// node_modules/.installed, the whole lock file's sha256, the stamp of Makefiles before this one); the Makefile's
// npm-deps runs `npm ci` only when neither matches.
//
//   node tools/lock-hash.mjs           print the hash
//   node tools/lock-hash.mjs --write   write node_modules/.installed-packages and node_modules/.installed
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";

const text = readFileSync("package-lock.json");
const lock = JSON.parse(text.toString("utf8"));
delete lock.version;
if (lock.packages && lock.packages[""]) delete lock.packages[""].version;
const hash = createHash("sha256").update(JSON.stringify(lock)).digest("hex");
if (process.argv.includes("--write")) {
  writeFileSync("node_modules/.installed-packages", hash);
  writeFileSync("node_modules/.installed", createHash("sha256").update(text).digest("hex"));
} else process.stdout.write(hash);
