/** An empty staff list; while a search is typed, the hint to adjust it. */
export function EmptyResults({ text, searching, className }: { text: string; searching: boolean; className?: string }) {
  return (
    <div className={className ? `${className} empty` : 'empty'} role="status">
      <p>{text}</p>
      {searching ? <p>Try adjusting your search terms</p> : null}
    </div>
  );
}
