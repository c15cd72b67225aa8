#!/usr/bin/env node
// Development: the API with reload on change (port 3000) and Vite's dev server (port 5173, proxying /api).
// Open http://localhost:5173. PUBLIC_URL points at Vite so verification links and cookies use its origin.
import { spawn } from 'node:child_process';
import path from 'node:path';

// The API runs inside its workspace folder; keep its data where `npm start` keeps it.
const env = {
  ...process.env,
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
  DATA_DIR: path.resolve(process.env.DATA_DIR ?? 'data'),
};
const children = [
  spawn('npm', ['run', 'dev', '-w', '@liveops/server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@liveops/web'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
