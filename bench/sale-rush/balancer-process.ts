import { RoundRobinBalancer } from '../../test/faults/balancer.ts';

/*
 * The round-robin TCP balancer of the fault suite in a process of its own, so that relaying every
 * byte does not share an event loop with the buyers it serves:
 *
 *   node bench/sale-rush/balancer-process.ts <listen port> <backend port>...
 */
const [listenPort, ...backendPorts] = process.argv.slice(2).map(Number);
if (!listenPort || backendPorts.length === 0) {
  process.stderr.write('Usage: balancer-process.ts <listen port> <backend port>...\n');
  process.exit(2);
}
const balancer = new RoundRobinBalancer(backendPorts);
await balancer.listen(listenPort);
process.once('SIGTERM', () => void balancer.close().finally(() => process.exit(0)));
