#!/bin/sh
# Removes from an `npm ci --omit=dev` tree what the server never reads. The image's build runs it,
# and so does `npm run check:production-tree`, which starts the server from such a tree.
#
# npm keeps a dev dependency that a production package names as an optional peer (i18next names
# TypeScript, drizzle-orm the pg types): those go by name, 30 MB of them. Type declarations and the
# libraries' own source maps are not read either (about 130 MB); the site's own maps are in dist/.
set -eu
cd "${1:-.}"
rm -rf node_modules/typescript node_modules/@typescript node_modules/@types node_modules/undici-types
find node_modules -type f \( -name '*.d.ts' -o -name '*.d.cts' -o -name '*.d.mts' -o -name '*.map' \) -delete
