// monaco-yaml's worker from our own file, as its README asks for Vite ("Unexpected usage" otherwise).
import 'monaco-yaml/yaml.worker.js';
