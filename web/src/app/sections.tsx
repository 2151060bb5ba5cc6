import AccountCircleIcon from "@mui/icons-material/AccountCircle";
import AssignmentLateIcon from "@mui/icons-material/AssignmentLate";
import BarChartIcon from "@mui/icons-material/BarChart";
import ChatIcon from "@mui/icons-material/Chat";
import HistoryIcon from "@mui/icons-material/History";
import HomeIcon from "@mui/icons-material/Home";
import Inventory2Icon from "@mui/icons-material/Inventory2";
import LocalShippingIcon from "@mui/icons-material/LocalShipping";
import PeopleIcon from "@mui/icons-material/People";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import RocketLaunchIcon from "@mui/icons-material/RocketLaunch";
import SettingsIcon from "@mui/icons-material/Settings";
import SmartToyIcon from "@mui/icons-material/SmartToy";
import type { TPermission } from "@wholesale/contract";
import { type ComponentType, lazy, type ReactNode } from "react";

// Lazy like the pages: the badge reads the messaging API, which would pull the contract and zod into the login
// screen's first download (the budget test, web/first-load-budget.test.ts).
const OpenClaimsBadge = lazy(() =>
  import("../features/messaging/index.ts").then((m) => ({ default: m.OpenClaimsBadge })),
);

export type Section = {
  path: string;
  label: string;
  icon: ReactNode;
  /** What the role must hold to open the section; the server enforces the same on every call. */
  permission?: TPermission;
  page: () => Promise<{ default: ComponentType }>;
  /** The page's title in the app bar when it differs from the menu label. */
  title?: string;
  /** Shown beside the menu label (a count); loaded lazily, so the layout renders it in a Suspense boundary. */
  Badge?: ComponentType;
};

/** Every section of the back-office: the router and the menu are both built from this list. */
export const SECTIONS: Section[] = [
  { path: "/", label: "Главная", icon: <HomeIcon />, page: () => import("../features/home/HomePage.tsx") },
  {
    path: "/orders",
    label: "Онлайн-заказы",
    icon: <LocalShippingIcon />,
    permission: "orders.read",
    page: () => import("../features/orders/OrdersPage.tsx"),
  },
  {
    path: "/offers",
    label: "Каталог",
    icon: <Inventory2Icon />,
    permission: "catalogue.read",
    page: () => import("../features/catalogue/OffersPage.tsx"),
  },
  {
    path: "/clients",
    label: "Клиенты",
    icon: <PeopleIcon />,
    permission: "clients.read",
    page: () => import("./ClientsSection.tsx"),
  },
  {
    path: "/statistics",
    label: "Статистика",
    icon: <BarChartIcon />,
    permission: "statistics.read",
    page: () => import("../features/statistics/StatisticsPage.tsx"),
  },
  {
    path: "/invoices",
    label: "Накладные",
    icon: <ReceiptLongIcon />,
    permission: "reports.read",
    page: () => import("../features/reports/InvoicesPage.tsx"),
  },
  {
    path: "/messages",
    label: "Сообщения",
    icon: <ChatIcon />,
    permission: "messaging.send",
    page: () => import("../features/messaging/MessagesPage.tsx"),
  },
  {
    path: "/claims",
    label: "Заявки",
    icon: <AssignmentLateIcon />,
    permission: "claims.manage",
    page: () => import("../features/messaging/ClaimsPage.tsx"),
    title: "Заявки от пользователей",
    Badge: OpenClaimsBadge,
  },
  {
    path: "/opening",
    label: "Открытие маркета",
    icon: <RocketLaunchIcon />,
    permission: "market.manage",
    page: () => import("../features/opening/OpeningPage.tsx"),
  },
  {
    path: "/settings",
    label: "Настройки",
    icon: <SettingsIcon />,
    permission: "market.manage",
    page: () => import("../features/market/SettingsPage.tsx"),
  },
  {
    path: "/bot-preview",
    label: "Бот: предпросмотр",
    icon: <SmartToyIcon />,
    permission: "market.manage",
    page: () => import("../features/bot-preview/BotPreviewPage.tsx"),
  },
  {
    path: "/accounts",
    label: "Аккаунты",
    icon: <AccountCircleIcon />,
    permission: "accounts.manage",
    page: () => import("../features/accounts/AccountsPage.tsx"),
  },
  {
    path: "/history",
    label: "История",
    icon: <HistoryIcon />,
    permission: "log.read",
    page: () => import("../features/accounts/history/HistoryPage.tsx"),
  },
];
