import { Module } from '@nestjs/common';
import { CatalogueController } from './catalogue.controller.js';

/** The check catalogue, served to people at /docs/checks. */
@Module({ controllers: [CatalogueController] })
export class CatalogueModule {}
