import { offerBench } from "./offer.bench";
import { sizesBench } from "./sizes.bench";

// `npm run bench -w packages/rules`: evaluateOffer against the same rules written by hand (with and without input
// validation), then the browser cost of each subpath's functions. BENCH_SECONDS sets the offer bench's length.
console.log(`Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z\n`);
await offerBench(Number(process.env.BENCH_SECONDS ?? 8));
await sizesBench();
