// Placeholder created by W1 so the router builds; W2 owns this file and replaces it.
export default function UserProfilePage() {
  return <h1 className="text-2xl font-bold">User</h1>;
}
