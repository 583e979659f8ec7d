#!/usr/bin/env node
// The kubectl plugin: `kubectl kubeglass [flags]` runs this with the flags after the plugin's name.
import { runFromPackage } from './run.js';

await runFromPackage('kubectl kubeglass');
