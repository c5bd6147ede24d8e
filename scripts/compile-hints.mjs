#!/usr/bin/env node
// Runs after `next build` (npm run build). Marks the scripts every page runs as it loads (React,
// Next's router, Turbopack's runtime: the build manifest's `rootMainFiles`) with V8's compile hint,
// `//# allFunctionsCalledOnLoad` (Chrome 136+, ignored elsewhere). Turbopack wraps each module in a
// function, which V8 otherwise compiles lazily, on the main thread, the first time it runs: about
// 100 ms of a phone's main thread on every page, Lighthouse's Total Blocking Time. With the hint,
// Chrome compiles them while the script downloads, on a background thread. Only those files: the
// rest (the admin's editor, a dialog's code) would be compiled for nothing.
import fs from 'node:fs'
import path from 'node:path'

const HINT = '//# allFunctionsCalledOnLoad\n'
const BUILD = '.next'

const { rootMainFiles } = JSON.parse(fs.readFileSync(path.join(BUILD, 'build-manifest.json'), 'utf8'))
if (!rootMainFiles?.length) throw new Error(`${BUILD}/build-manifest.json lists no rootMainFiles: has Next's build output changed?`)

let marked = 0
for (const file of rootMainFiles) {
  const location = path.join(BUILD, file)
  const code = fs.readFileSync(location, 'utf8')
  if (code.startsWith(HINT)) continue
  fs.writeFileSync(location, HINT + code)
  marked++
}
console.log(`Compile hints: ${marked} of ${rootMainFiles.length} start-up scripts marked.`)
