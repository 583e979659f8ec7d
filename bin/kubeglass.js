#!/usr/bin/env node
import { runFromPackage } from './run.js';

await runFromPackage('kubeglass');
