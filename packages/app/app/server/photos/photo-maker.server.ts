// The photo process's entry (ADR 410): the site forks it when the photo queue has work, sends it each downloaded photo,
// and disconnects once the queue is empty, so sharp (libvips) and the malloc arenas its encoder threads fill live and
// die here, never in the site's own process. Built to build/photo-maker.mjs (scripts/photo-maker-build.mjs).
import { makePhotoFiles } from "./photo-files.server";
import { isMakeRequest, type MakeReply } from "./photo-messages";

const reply = (message: MakeReply) => process.send?.(message);

process.on("message", (message: unknown) => {
  if (!isMakeRequest(message)) return;
  const { id, source, dir } = message;
  makePhotoFiles(Buffer.from(source.buffer, source.byteOffset, source.byteLength), dir).then(
    (outcome) => reply({ id, outcome }),
    (error: unknown) => reply({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});

// The site closes the channel when its queue is empty, or dies: either way nothing more will come.
process.once("disconnect", () => process.exit(0));

// Ctrl-C reaches the whole process group: the site stops in order, waiting for the photos in hand (ADR 380), and
// closes the channel after them, so this process must not die first and fail them.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => {});
