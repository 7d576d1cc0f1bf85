// Placeholder created by W1 so the router builds; W2 owns this file and replaces it.
export default function CommunityPage() {
  return <h1 className="text-2xl font-bold">Community</h1>;
}
