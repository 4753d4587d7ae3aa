import { Skeleton } from '@/components/ui/skeleton';

export default function Loading() {
  return (
    <div className="space-y-6" aria-busy>
      <div className="space-y-2">
        <Skeleton className="h-4 w-64" />
        <Skeleton className="h-8 w-72" />
      </div>
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className={`flex ${i % 2 ? 'justify-start' : 'justify-end'}`}>
          <Skeleton className="h-14 w-2/3" />
        </div>
      ))}
    </div>
  );
}
