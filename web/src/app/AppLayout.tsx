import LogoutIcon from "@mui/icons-material/Logout";
import MenuIcon from "@mui/icons-material/Menu";
import {
  AppBar,
  Box,
  Chip,
  Divider,
  Drawer,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { QueryClientProvider } from "@tanstack/react-query";
import dayjs from "dayjs";
import "dayjs/locale/ru";
import { Suspense, useEffect, useState } from "react";
import { NavLink, Outlet, useLocation, useNavigate, useNavigation } from "react-router";
import { liveStream } from "../api/live.ts";
import { notify } from "../notices/notify.tsx";
import { can, sessionStore, signOut, useSession } from "../session/session.ts";
import { FullScreenLoader } from "../ui/FullScreenLoader.tsx";
import { PageTitleContext } from "../ui/page-title.ts";
import { LiveIndicator } from "./LiveIndicator.tsx";
import { NOT_FOUND_TITLE } from "./NotFoundPage.tsx";
import { createQueryClient } from "./query-client.ts";
import { SECTIONS } from "./sections.tsx";

const DRAWER_WIDTH = 232;
const MAIN_ID = "content";

// Data fetching, dates and the menu belong to the signed-in part only: this module is loaded after sign-in,
// so the login screen downloads none of them.
dayjs.locale("ru");
const queryClient = createQueryClient();
// Whatever ends the session (logout, a 401 anywhere) drops the previous user's cached data.
sessionStore.subscribe(() => {
  if (sessionStore.get().myUser === null) queryClient.clear();
});

/** The frame of every signed-in page: the sections the role may open, the user's name and logout. */
export function AppLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Frame />
    </QueryClientProvider>
  );
}

function Frame() {
  const { myUser } = useSession();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up("md"));
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const [pageTitle, setPageTitle] = useState<string | null>(null);

  // The live stream is this session's: opened once signed in, closed with the session (or another's).
  const accountId = myUser?.id;
  useEffect(() => {
    if (accountId === undefined) return;
    liveStream.start();
    return () => liveStream.stop();
  }, [accountId]);

  const sections = SECTIONS.filter((s) => can(myUser, s.permission));
  const current = SECTIONS.find((s) => s.path === location.pathname);
  // The browser tab names the section, so staff with several tabs open can tell them apart; every other
  // path inside the frame is the «not found» page.
  useEffect(() => {
    document.title = `${current ? current.label : NOT_FOUND_TITLE} — Бэк-офис`;
  }, [current]);

  const onLogout = () => {
    signOut();
    notify.success("Вы успешно вышли из системы");
    navigate("/login");
  };

  const menu = (
    <Box component="nav" aria-label="Разделы">
      <Toolbar>
        {/* The product's name, not a heading: the page's one h1 is the section's title in the app bar. */}
        <Typography variant="h6" component="p" color="primary" noWrap>
          Бэк-офис
        </Typography>
      </Toolbar>
      <Divider />
      <List>
        {sections.map((s) => (
          <ListItem key={s.path} disablePadding>
            <ListItemButton
              component={NavLink}
              to={s.path}
              end
              selected={s.path === location.pathname}
              onClick={() => setOpen(false)}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>{s.icon}</ListItemIcon>
              <ListItemText primary={s.label} />
              {s.Badge && (
                <Suspense fallback={null}>
                  <s.Badge />
                </Suspense>
              )}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );

  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      <SkipLink />
      <AppBar
        position="fixed"
        elevation={0}
        sx={{ width: { md: `calc(100% - ${DRAWER_WIDTH}px)` }, ml: { md: `${DRAWER_WIDTH}px` } }}
      >
        <Toolbar>
          {!wide && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Меню"
              onClick={() => setOpen(true)}
              sx={{ mr: 1 }}
            >
              <MenuIcon />
            </IconButton>
          )}
          {/* The section's title lives here only: pages carry no heading of their own. */}
          <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1 }}>
            {pageTitle ?? current?.title ?? current?.label ?? ""}
          </Typography>
          <LiveIndicator />
          {myUser && (
            <Chip
              label={myUser.username}
              size="small"
              sx={{ color: "inherit", borderColor: "rgba(255,255,255,0.6)", mr: 1 }}
              variant="outlined"
            />
          )}
          <Tooltip title="Выйти">
            <IconButton color="inherit" aria-label="Выйти" onClick={onLogout}>
              <LogoutIcon />
            </IconButton>
          </Tooltip>
        </Toolbar>
        {navigation.state === "loading" && (
          <LinearProgress color="secondary" sx={{ position: "absolute", bottom: 0, left: 0, right: 0 }} />
        )}
      </AppBar>
      {wide ? (
        <Drawer
          variant="permanent"
          sx={{ width: DRAWER_WIDTH, "& .MuiDrawer-paper": { width: DRAWER_WIDTH } }}
        >
          {menu}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={open}
          onClose={() => setOpen(false)}
          sx={{ "& .MuiDrawer-paper": { width: DRAWER_WIDTH } }}
        >
          {menu}
        </Drawer>
      )}
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, outline: "none", p: { xs: 1.5, sm: 3 }, pt: { xs: 9, sm: 10 } }}
      >
        <PageTitleContext.Provider value={setPageTitle}>
          {/* A section's code arrives while the frame already shows; moving between sections keeps the
              last page until the next one's code is there (the router's navigations are transitions). */}
          <Suspense fallback={<FullScreenLoader />}>
            <Outlet />
          </Suspense>
        </PageTitleContext.Provider>
      </Box>
    </Box>
  );
}

/**
 * The first Tab stop of every signed-in page: straight to the section's content past the app bar and the
 * menu, shown only while it has the focus.
 */
function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      sx={{
        position: "fixed",
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: "background.paper",
        color: "primary.main",
        fontWeight: 500,
        boxShadow: 3,
        transform: "translateY(-200%)",
        "&:focus": { transform: "none" },
      }}
    >
      Перейти к содержимому
    </Box>
  );
}
