import { parentPort, workerData } from 'node:worker_threads';
import { startHranaServer } from '../tests/fixtures/hrana-server.ts';

/**
 * The libSQL HTTP stand-in in a thread of its own, so that the load the benchmark generates and the
 * database's work do not share one event loop. Answers 'requests' with its count and stops on 'close'.
 */
const server = await startHranaServer(workerData);
const port = parentPort;
if (!port) throw new Error('hrana-thread.ts runs as a worker thread');
port.postMessage({ url: server.url });
port.on('message', async (message: string) => {
  if (message === 'requests') port.postMessage({ requests: server.requests });
  if (message === 'close') {
    await server.close();
    port.close();
  }
});
