// The photo process's entry (ADR 410): the site forks it when the photo queue has work, sends it each downloaded photo
// each older photo whose feed JPEG is missing (ADR 407) and, with an object store, the files to delete (ADR 424), and
// disconnects once the queue is empty, so sharp (libvips)
// and the malloc arenas its encoder threads fill live and die here, never in the site's own process. Built to
// build/photo-maker.mjs (scripts/photo-maker-build.mjs).
import { addFeedJpeg, deletePhotoFiles, makePhotoFiles } from "./photo-files.server";
import { isPhotoRequest, type PhotoReply, type PhotoRequest } from "./photo-messages";

const reply = (message: PhotoReply) => process.send?.(message);

function answer(request: PhotoRequest): Promise<PhotoReply> {
  const { id, to } = request;
  if (request.kind === "feed-jpeg") {
    return addFeedJpeg(to, request.name, request.width).then((added) => ({ id, added }));
  }
  if (request.kind === "delete") {
    const { names } = request;
    return (async () => {
      for (const name of names) await deletePhotoFiles(to, name);
      return { id, deleted: names.length };
    })();
  }
  const { source } = request;
  return makePhotoFiles(Buffer.from(source.buffer, source.byteOffset, source.byteLength), to).then((outcome) => ({
    id,
    outcome,
  }));
}

process.on("message", (message: unknown) => {
  if (!isPhotoRequest(message)) return;
  answer(message).then(reply, (error: unknown) =>
    reply({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});

// The site closes the channel when its queue is empty, or dies: either way nothing more will come.
process.once("disconnect", () => process.exit(0));

// Ctrl-C reaches the whole process group: the site stops in order, waiting for the photos in hand (ADR 380), and
// closes the channel after them, so this process must not die first and fail them.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => {});
