// HTTP binding of the command registry. Mounted under /api/bot behind bot authentication.
import { Router } from "express";
import type { CommandsService } from "./service.ts";
import { currentBot } from "../bots/index.ts";

export function commandRoutes(commands: CommandsService): Router {
  const r = Router();
  r.get("/commands", async (req, res) => {
    res.json(await commands.list(currentBot(req).id));
  });
  r.put("/commands", async (req, res) => {
    res.json(await commands.replace(currentBot(req).id, req.body));
  });
  r.delete("/commands/:name", async (req, res) => {
    await commands.remove(currentBot(req).id, req.params.name);
    res.status(204).end();
  });
  r.patch("/commands/:name", async (req, res) => {
    res.json(await commands.setEnabled(currentBot(req).id, req.params.name, req.body.enabled));
  });
  return r;
}
