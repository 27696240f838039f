/**
 * The head of the list's pull to refresh (components/PullToRefresh.tsx), one text per state. The
 * zh-CN texts are antd-mobile's, which the pages showed before, so returning customers read the same.
 */
export const pullToRefresh = {
  en: {
    pullToRefreshPulling: "Pull down to refresh",
    pullToRefreshCanRelease: "Release to refresh",
    pullToRefreshRefreshing: "Refreshing…",
    pullToRefreshComplete: "Refreshed",
  },
  "zh-CN": {
    pullToRefreshPulling: "下拉刷新",
    pullToRefreshCanRelease: "释放立即刷新",
    pullToRefreshRefreshing: "加载中…",
    pullToRefreshComplete: "刷新成功",
  },
} as const;
