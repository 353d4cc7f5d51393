export function meta() {
  return [{ title: "Showroom" }];
}

export default function Home() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-3xl font-bold">Showroom</h1>
    </main>
  );
}
