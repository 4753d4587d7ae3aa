export default function HomePage() {
  return <h1 className="text-2xl font-semibold">Turnwise</h1>;
}
