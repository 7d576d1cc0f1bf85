export default function ResourcesPage() {
  return <h1>ResourcesPage</h1>;
}
