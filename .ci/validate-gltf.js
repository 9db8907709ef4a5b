// Validates glTF files with the Khronos glTF validator (npm gltf-validator)
// and prints one JSON line per file: {"file", "errors", "warnings", "infos",
// "messages"}. Exit status 1 when any file has an error.
//
//   NODE_PATH=DIR/node_modules node .ci/validate-gltf.js FILE.glb...
const fs = require('fs');
const validator = require('gltf-validator');

async function main() {
  let failed = false;
  for (const file of process.argv.slice(2)) {
    const report = await validator.validateBytes(new Uint8Array(fs.readFileSync(file)), { maxIssues: 50 });
    const i = report.issues;
    const messages = i.messages.filter(m => m.severity <= 1).map(m => `${m.code} ${m.pointer || ''}: ${m.message}`);
    console.log(JSON.stringify({ file, errors: i.numErrors, warnings: i.numWarnings, infos: i.numInfos, messages }));
    if (i.numErrors > 0) failed = true;
  }
  process.exit(failed ? 1 : 0);
}
main().catch(e => { console.error(e); process.exit(2); });
