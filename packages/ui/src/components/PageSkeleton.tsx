import Skeleton from "antd-mobile/es/components/skeleton";

/** What shows while a page's code or first data loads: the page's shape, so nothing jumps when it arrives. */
export function PageSkeleton() {
  return (
    <div className="page" aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={5} animated />
    </div>
  );
}
