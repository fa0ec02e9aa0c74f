// The XML Schema of the native format (formats/urnkit.ts), served at /oai/schema/urnkit.xsd.

import { RECORD_STATUSES } from "../../../storage/records.js";

export const URNKIT_NAMESPACE = "urn:urnkit:oai:record:1";

export const URNKIT_SCHEMA_PATH = "/oai/schema/urnkit.xsd";

export const URNKIT_XSD = `<?xml version="1.0" encoding="UTF-8"?>
<!-- urnkit's native OAI-PMH metadata format: a URN record as the registry keeps it. -->
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns="${URNKIT_NAMESPACE}" targetNamespace="${URNKIT_NAMESPACE}"
  elementFormDefault="qualified" attributeFormDefault="unqualified">

  <xs:element name="record">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="urn" type="xs:anyURI"/>
        <xs:element name="status" type="statusType"/>
        <xs:element name="organisation" type="xs:string" minOccurs="0"/>
        <xs:element name="prefix" type="xs:string" minOccurs="0"/>
        <xs:element name="created" type="xs:dateTime"/>
        <xs:element name="updated" type="xs:dateTime"/>
        <xs:element name="deactivation" minOccurs="0">
          <xs:annotation><xs:documentation>The reason, when and why the URN was deactivated.</xs:documentation></xs:annotation>
          <xs:complexType>
            <xs:simpleContent>
              <xs:extension base="xs:string">
                <xs:attribute name="at" type="xs:dateTime"/>
              </xs:extension>
            </xs:simpleContent>
          </xs:complexType>
        </xs:element>
        <xs:element name="locator" type="locatorType" minOccurs="0" maxOccurs="unbounded"/>
        <xs:element name="successor" type="xs:anyURI" minOccurs="0" maxOccurs="unbounded"/>
        <xs:element name="identifier" type="identifierType" minOccurs="0" maxOccurs="unbounded"/>
        <xs:element name="metadata" type="xs:string" minOccurs="0">
          <xs:annotation><xs:documentation>The record's metadata as JSON text.</xs:documentation></xs:annotation>
        </xs:element>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <xs:simpleType name="statusType">
    <xs:restriction base="xs:string">
${RECORD_STATUSES.map((status) => `      <xs:enumeration value="${status}"/>\n`).join("")}    </xs:restriction>
  </xs:simpleType>

  <xs:complexType name="locatorType">
    <xs:annotation><xs:documentation>A URL of the resource; inactive locators are kept for history.</xs:documentation></xs:annotation>
    <xs:simpleContent>
      <xs:extension base="xs:anyURI">
        <xs:attribute name="priority" type="xs:integer" use="required"/>
        <xs:attribute name="active" type="xs:boolean" use="required"/>
        <xs:attribute name="mediaType" type="xs:string"/>
        <xs:attribute name="owner" type="xs:string"/>
        <xs:attribute name="created" type="xs:dateTime" use="required"/>
      </xs:extension>
    </xs:simpleContent>
  </xs:complexType>

  <xs:complexType name="identifierType">
    <xs:annotation><xs:documentation>An identifier the owning organisation gave the record.</xs:documentation></xs:annotation>
    <xs:simpleContent>
      <xs:extension base="xs:string">
        <xs:attribute name="type" type="xs:string" use="required"/>
      </xs:extension>
    </xs:simpleContent>
  </xs:complexType>
</xs:schema>
`;
