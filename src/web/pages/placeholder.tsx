/** Stands in for a page that is not built yet. */
export function Placeholder({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-3xl font-bold">{title}</h1>
    </section>
  );
}
