// Placeholder created by W1 so the router builds; W2 owns this file and replaces it.
export default function CalendarPage() {
  return <h1 className="text-2xl font-bold">Calendar</h1>;
}
