export default function CompleteProfilePage() {
  return <h1>CompleteProfilePage</h1>;
}
