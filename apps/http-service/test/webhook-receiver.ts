/** A webhook receiver on 127.0.0.1 for the tests: records every delivery (raw body and headers) and answers as told. */
import { type IncomingHttpHeaders, createServer } from 'node:http';

export interface Delivery {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** `performance.now()` when it arrived. */
  readonly receivedAt: number;
  /** What the receiver answered. */
  readonly status: number;
}

export interface WebhookReceiver {
  readonly url: string;
  readonly deliveries: Delivery[];
  close(): Promise<void>;
}

/** `answer(delivery, index)` gives the status to answer (index counts every delivery, from 0). */
export async function startReceiver(answer: (delivery: Omit<Delivery, 'status'>, index: number) => number = () => 204): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: performance.now() };
      const status = answer(received, deliveries.length);
      deliveries.push({ ...received, status });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    deliveries,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
