import { spawn } from 'node:child_process';

// The target runs in a process of its own, so that its work does not share the replay's event loop.
// It notes when each of the replay's requests (model bench-model) arrived and was answered,
// and hands the list over on GET /stats.
const target = (latencyMs: number) => `
import http from 'node:http';
const seen = [];
const server = http.createServer((req, res) => {
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(seen));
  }
  let body = '';
  req.on('data', (c) => (body += c));
  const arrived = Date.now();
  req.on('end', () => setTimeout(() => {
    const request = JSON.parse(body);
    if (request.model === 'bench-model') seen.push([arrived, Date.now()]);
    const last = request.messages[request.messages.length - 1].content;
    const reply = { id: 'x', object: 'chat.completion', created: 0, model: request.model,
      choices: [{ index: 0, message: { role: 'assistant', content: 'Replayed answer to: ' + last.slice(0, 80), refusal: null }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: Math.ceil(body.length / 4), completion_tokens: 20, total_tokens: Math.ceil(body.length / 4) + 20 } };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply));
  }, ${latencyMs}));
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/** An OpenAI-compatible replay target answering after `latencyMs`, in a process of its own; GET /stats lists [arrived, answered] of model bench-model's requests. */
export function startTarget(latencyMs: number): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', target(latencyMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    child.stdout.once('data', (port: Buffer) => resolve({ url: `http://127.0.0.1:${String(port).trim()}/v1`, stop: () => child.kill() }));
  });
}
